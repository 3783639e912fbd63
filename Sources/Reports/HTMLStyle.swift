extension HTMLReport {
    static let script = """
        document.querySelectorAll('button[data-copy]').forEach(function (b) {
          b.addEventListener('click', function () {
            var text = document.getElementById(b.getAttribute('data-copy')).textContent;
            if (navigator.clipboard) { navigator.clipboard.writeText(text); b.textContent = 'Copied'; }
          });
        });
        """

    // Narrow screens: the page never scrolls sideways. Tables scroll inside their own box (.scroll), the storyboard's
    // cells stack under their column's heading, long lines wrap or scroll inside their block, and rule IDs never
    // break at their hyphens.
    static let style = """
        *{box-sizing:border-box}
        body{font:15px/1.45 -apple-system,system-ui,"Segoe UI",Roboto,sans-serif;margin:0 auto;max-width:1200px;
        padding:0 24px 48px;color:#1d1d1f;overflow-wrap:break-word}
        header.verdict{margin:0 -24px 12px;padding:18px 24px;color:#fff}header.verdict p{margin:6px 0 0}
        header.conforming{background:#1f7a4d}header.divergent,header.errored{background:#b3261e}
        header.insufficientCoverage{background:#a15c00}
        a.jump{color:#fff;font-weight:600;white-space:nowrap;margin-left:6px}
        h1{margin:0;font-size:28px}h2{margin-top:28px;border-bottom:1px solid #ddd;padding-bottom:4px}
        h3{margin-bottom:6px}
        nav.summary h2{margin-top:8px;font-size:19px}nav.summary ol,nav.summary ul{margin:6px 0;padding-left:24px}
        nav.summary li{margin:2px 0}nav.summary details summary{cursor:pointer;margin-left:6px}
        code.rule,span.rule{white-space:nowrap}
        .scroll{overflow-x:auto;max-width:100%}table.rules{min-width:640px}
        table{border-collapse:collapse;margin:8px 0;font-size:14px}
        th,td{border:1px solid #d8d8d8;padding:4px 8px;text-align:left;vertical-align:top}
        th{background:#f4f4f6}table.facts{width:100%}table.facts th{width:130px}
        tr.pass td:nth-child(3),tr.pass td:nth-child(2){color:#1f7a4d}
        tr.fail{background:#fdecea}tr.skip{color:#888}tr.warn{background:#fff6e0}
        .deviation{font-size:.8em;font-weight:normal;background:#fff6e0;border-radius:4px;padding:0 .4em}
        .excused{font-size:.8em;font-weight:normal;background:#e8eefc;border-radius:4px;padding:0 .4em}
        p.gate{display:inline-block;background:#fff;border-radius:4px;padding:2px 8px;margin:6px 0 0}
        p.gate.passed{color:#1f7a4d}p.gate.failed{color:#b3261e}
        table.matrix td{text-align:center;min-width:90px}td.missing{background:#f4b4ae;font-weight:bold}
        td.na{color:#bbb}table.matrix td.pass{background:#e3f4ea;color:#1f7a4d}
        table.matrix td.fail{background:#fdecea;color:#b3261e;font-weight:600}table.matrix td.warn{background:#fff6e0}
        table.matrix td.skip{color:#888}span.gate.passed{color:#1f7a4d}span.gate.failed{color:#b3261e}
        table.storyboard{width:100%;table-layout:fixed}table.storyboard th:first-child{width:88px}
        table.storyboard tr.diverged{background:#fff4d6;outline:3px solid #e0a100}
        table.storyboard td{min-width:0}
        .stack{display:flex;flex-direction:column-reverse;gap:4px;align-items:stretch;max-width:260px}
        .layer{display:flex;flex-direction:column-reverse;gap:3px;padding:3px;border:1px dashed #999;border-radius:6px;
        max-width:100%}
        .stack .entry{display:flex;flex-direction:row;gap:6px;justify-content:space-between;min-height:20px}
        .entry.differs{outline:3px solid #d93025;outline-offset:1px}.entry.differs.removed{outline-style:dashed}
        .entry.differs.added{outline-color:#1a73e8}
        .entry i.change{font-style:normal;font-weight:700;color:#b3261e;margin-right:2px}
        .entry.added i.change{color:#1a73e8}.legend .entry.differs{flex-direction:row;gap:3px;margin:0 3px}
        .entry.spacer{visibility:hidden}
        .bar{display:block;width:80px;height:5px;background:#e6e6ea;border-radius:3px;margin-top:3px}
        .bar>span{display:block;height:100%;background:#1f7a4d;border-radius:3px}
        tr.fail .bar>span{background:#d93025}
        table.storyboard td:has(.stack){vertical-align:bottom}
        .layer.modal{border:2px solid #5b4bd6;background:#f1efff}
        .entry{display:inline-flex;flex-direction:column;align-items:center;padding:3px 7px;border-radius:4px;
        border:1px solid #0002;font-weight:600;font-size:13px;max-width:100%;overflow-wrap:anywhere}
        .entry small{font-weight:400;font-size:11px}.entry .root,.legend .root{color:#b8860b;font-size:12px}
        .no-flow{background:#eee}.flow-0{background:#cfe8ff}.flow-1{background:#d9f2d0}.flow-2{background:#ffe1c7}
        .flow-3{background:#f6d3f0}
        .flow-4{background:#fff3b0}.flow-5{background:#d5f0f0}.flow-6{background:#e8dcc8}.flow-7{background:#e0e0ff}
        .pending{align-self:center;font-size:12px;padding:2px 6px;border-radius:10px;background:#5b4bd6;color:#fff}
        .legend{font-size:13px;color:#333;background:#f8f8fa;border:1px solid #e2e2e6;border-radius:6px;
        padding:6px 10px;margin:12px 0}
        .legend>span{display:inline-block;margin-right:12px}
        .legend .entry,.legend .layer{vertical-align:middle;padding:1px 5px;font-size:12px}
        .legend .layer{display:inline-flex}
        .empty{color:#b3261e;font-weight:bold}.outcome{font-size:12px;color:#555;margin-bottom:3px}
        .outcome.rejected{color:#b3261e}
        pre{max-width:100%;overflow:auto}
        pre.diff{background:#f8f8f8;padding:8px;border:1px solid #ddd}pre.diff .del{color:#b3261e}
        pre.diff .ins{color:#1f7a4d}
        pre.diff mark{background:#ffd54a;color:inherit;font-weight:bold;border-radius:2px}
        pre.document,table.storyboard pre{background:#f8f8f8;padding:8px;border:1px solid #ddd;max-height:480px;
        margin:0}
        pre.exact,table.storyboard pre{white-space:pre-wrap;overflow-wrap:anywhere}
        .preface{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:12px}
        .preface figure{margin:0;min-width:0}
        figcaption{font-size:12px;color:#555;margin-bottom:3px}
        details.coverage summary{cursor:pointer}details.coverage summary h2{display:inline-block;border:0}
        .replay code{background:#f4f4f6;padding:2px 6px;overflow-wrap:anywhere}
        footer{margin-top:40px;color:#888;font-size:12px}
        @media (max-width:700px){
        body{padding:0 12px 32px}header.verdict{margin:0 -12px 12px;padding:14px 12px}h1{font-size:24px}h2{font-size:20px}
        .preface{grid-template-columns:minmax(0,1fr)}
        table.storyboard,table.storyboard tbody,table.storyboard tr,table.storyboard td{display:block;width:100%}
        table.storyboard tr:first-child{display:none}table.storyboard tr{border:1px solid #d8d8d8;margin-bottom:6px}
        table.storyboard td{border:0;border-top:1px solid #eee}table.storyboard td.label{border:0;font-weight:600}
        table.storyboard td[data-label]::before{content:attr(data-label);display:block;font-size:12px;color:#555}
        table.facts th{width:100px}
        table.parity tr>:nth-child(1),table.parity tr>:nth-child(3){display:none}table.matrix.parity td{min-width:0}
        }
        @media print{button{display:none}header.verdict{-webkit-print-color-adjust:exact;print-color-adjust:exact}
        section.failure{break-inside:avoid}details.coverage>*{display:block}}
        """
}
