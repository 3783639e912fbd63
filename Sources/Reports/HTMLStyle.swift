extension HTMLReport {
    static let script = """
        document.querySelectorAll('button[data-copy]').forEach(function (b) {
          b.addEventListener('click', function () {
            var text = document.getElementById(b.getAttribute('data-copy')).textContent;
            if (navigator.clipboard) { navigator.clipboard.writeText(text); b.textContent = 'Copied'; }
          });
        });
        """

    static let style = """
        body{font:15px/1.45 -apple-system,system-ui,"Segoe UI",Roboto,sans-serif;margin:0 auto;max-width:1200px;padding:0 24px 48px;color:#1d1d1f}
        header.verdict{margin:0 -24px 16px;padding:20px 24px;color:#fff}
        header.conforming{background:#1f7a4d}header.divergent,header.errored{background:#b3261e}header.insufficientCoverage{background:#a15c00}
        h1{margin:0;font-size:28px}h2{margin-top:32px;border-bottom:1px solid #ddd;padding-bottom:4px}h3{margin-bottom:6px}
        table{border-collapse:collapse;margin:8px 0;font-size:14px}th,td{border:1px solid #d8d8d8;padding:4px 8px;text-align:left;vertical-align:top}
        th{background:#f4f4f6}table.facts th{width:130px}tr.pass td:nth-child(3),tr.pass td:nth-child(2){color:#1f7a4d}
        tr.fail{background:#fdecea}tr.skip{color:#888}
        table.matrix td{text-align:center;min-width:90px}td.missing{background:#f4b4ae;font-weight:bold}td.na{color:#bbb}
        table.storyboard{width:100%}table.storyboard tr.diverged{background:#fff4d6;outline:3px solid #e0a100}
        .stack{display:flex;flex-wrap:wrap;gap:4px;align-items:stretch}
        .layer{display:inline-flex;gap:3px;padding:3px;border:1px dashed #999;border-radius:6px}
        .layer.modal{border:2px solid #5b4bd6;background:#f1efff}
        .entry{display:inline-flex;flex-direction:column;align-items:center;padding:3px 7px;border-radius:4px;border:1px solid #0002;font-weight:600;font-size:13px}
        .entry small{font-weight:400;font-size:11px}.entry .root{color:#b8860b;font-size:12px}
        .no-flow{background:#eee}.flow-0{background:#cfe8ff}.flow-1{background:#d9f2d0}.flow-2{background:#ffe1c7}.flow-3{background:#f6d3f0}
        .flow-4{background:#fff3b0}.flow-5{background:#d5f0f0}.flow-6{background:#e8dcc8}.flow-7{background:#e0e0ff}
        .pending{align-self:center;font-size:12px;padding:2px 6px;border-radius:10px;background:#5b4bd6;color:#fff}
        .empty{color:#b3261e;font-weight:bold}.outcome{font-size:12px;color:#555;margin-bottom:3px}.outcome.rejected{color:#b3261e}
        pre.diff{background:#f8f8f8;padding:8px;border:1px solid #ddd;overflow-x:auto}pre.diff .del{color:#b3261e}pre.diff .ins{color:#1f7a4d}
        pre.document,table.storyboard pre{background:#f8f8f8;padding:8px;border:1px solid #ddd;max-height:480px;overflow:auto;margin:0}
        .replay code{background:#f4f4f6;padding:2px 6px}footer{margin-top:40px;color:#888;font-size:12px}
        @media print{button{display:none}header.verdict{-webkit-print-color-adjust:exact;print-color-adjust:exact}section.failure{break-inside:avoid}}
        """
}
