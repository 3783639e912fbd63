import RUFSpec
import Testing

/// The RUF spec YAML reference's own examples, put together into one spec: the kit reads every construct of them,
/// and reports exactly what the examples get wrong (or where they do not fit together: the meta example's
/// version keys are integers, the app's versioning is semantic).
let referenceExamples = """
    ruf: "1.0"
    versioning: semantic
    current_version: "2.2.1"
    meta:
      token?: string
      cart:
        items: CartItem[]
        total: number
        currency: string
      selectedAddress?:
        id: string
        street: string
        city: string
      isVerified: boolean
      versions:
        "1":
          token?: string
    shared:
      components:
        appbar:
          rel: appbar
          behaviors:
            - name: VISIBLE
              locale:
                title: string
              payload:
                showBack: boolean
            - name: HIDDEN
      actions:
        go_to_webview:
          type: GO_TO_WEBVIEW
      metrics:
        screen_view:
          rel: screenView
          type: FIREBASE
          name: screen_view
          payload:
            screen_name: string
    screens:
      PRODUCT:
        description: Product detail page
        alias: Product
        params:
          productId: string
          referrer?: string
        default_transition: RIGHT_TO_LEFT
        flows:
          - DISCOVERY
        components:
          - $ref: '#/shared/components/appbar'
          - rel: product_list
            description: Paginated list of products
            behaviors:
              - name: VISIBLE
                locale:
                  empty_message: string
                  load_more_label: string
                payload:
                  items: ProductItem[]
                  hasMore: boolean
                mergeStrategy: APPEND
              - name: HIDDEN
              - name: LOADING
                locale: {}
                payload: {}
          - rel: payment_method
            behaviors:
              - name: VISIBLE
                locale:
                  brand_label: string
                payload:
                  brand: string
                  last4: string
              - name: HIDDEN
            versions:
              "2.1.9":
                behaviors:
                  - name: VISIBLE
                    locale:
                      card_label: string
                    payload:
                      type: string
                      last4: string
                  - name: HIDDEN
        actions:
          - $ref: '#/shared/actions/go_to_webview'
          - type: SUBMIT_ORDER
            description: Submits the current cart as an order
            payload:
              paymentMethodId: string
              tip?: number
              notes?: string
            navigates_to:
              - screen: ORDER_CONFIRMATION
                transition: RIGHT_TO_LEFT
                flow:
                  name: CHECKOUT
                  behavior: REPLACE
              - screen: PAYMENT_FAILED
                transition: FADE
                flow:
                  name: CHECKOUT
                  behavior: KEEP
            errors:
              EB042:
                type: TOAST
                severity: ERROR
              EV010:
                type: FORM_ERROR
                fields:
                  - payment_method
                  - address
        metrics:
          navigation:
            - $ref: '#/shared/metrics/screen_view'
          screen:
            - rel: purchase_complete
              description: Fired after a successful order placement
              type: FIREBASE
              name: purchase
              payload:
                value: number
                currency: string
                item_id: string
              versions:
                "2.1.9":
                  payload:
                    order_id: string
                    total: number
      ORDER_CONFIRMATION:
        flows: [CHECKOUT]
        components: []
        actions: []

    """

@Suite("The reference's own examples")
struct ReferenceExampleTests {
    @Test("Every construct is read and counted; the findings are the examples' own slips, each at its place")
    func examples() {
        let read = spec(["app.ruf.yaml": referenceExamples])
        #expect(read.counts.description == "2 screens, 3 components, 2 actions, 2 navigations, 2 metrics, 3 versions")
        let findings = SpecLinter.lint(read).map { "\($0.rule) \($0.location.line) \($0.path)" }
        #expect(
            findings == [
                "SPEC-VERSION-FORMAT 16 meta.versions[\"1\"]",
                "SPEC-BEHAVIOR 98 screens.PRODUCT.actions[1].navigates_to[0].flow.behavior",
                "SPEC-SCREEN 99 screens.PRODUCT.actions[1].navigates_to[1].screen",
            ], "\(findings)")
    }
}
