/** HTML for the exchange's few pages: every interpolated text is escaped, and pages load nothing external. */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char)
}

/** Inline styles only; scripts, frames and every external load are refused. */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
/** The same, for a page with a form that submits to this site (the code inbox's lookup). */
const FORM_PAGE_CSP = PAGE_CSP.replace("form-action 'none'", "form-action 'self'")

export function htmlPage(title: string, body: string, options: { forms?: boolean } = {}): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:24px;color:#1d1d1f}
h1{font-size:26px}h2{font-size:20px;margin-top:40px;border-bottom:1px solid #ddd}h3{font-size:16px;margin:24px 0 4px}
code,pre{font:13px/1.45 ui-monospace,monospace}pre{background:#f5f5f7;padding:12px;overflow:auto;border-radius:6px}
.method{display:inline-block;min-width:52px;font-weight:700;text-transform:uppercase}
.get{color:#0a7c42}.post{color:#0b5cad}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #eee;padding:6px 8px;text-align:left;vertical-align:top}
nav li{list-style:none}nav a{text-decoration:none}.muted{color:#666}
.lookup{display:flex;flex-wrap:wrap;gap:8px;align-items:end;margin:16px 0}.lookup label{display:flex;flex-direction:column;gap:4px;flex:1 1 240px}
.lookup input,.lookup button{font:inherit;padding:8px 10px;border:1px solid #ccc;border-radius:6px}.lookup button{background:#1d1d1f;color:#fff;border-color:#1d1d1f}
.scroll{overflow-x:auto}td code{font-size:17px;font-weight:700;letter-spacing:2px}td.address{word-break:break-all}
</style>
</head>
<body>
${body}
</body>
</html>`
  return new Response(html, {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': options.forms ? FORM_PAGE_CSP : PAGE_CSP,
    },
  })
}
