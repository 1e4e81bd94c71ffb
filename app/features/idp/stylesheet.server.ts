// The one stylesheet of the provider's pages (served at STYLESHEET_PATH by routes.server.ts):
// no external fonts, no inline styles, so the strict CSP of `securityHeaders` holds.
export const STYLESHEET_PATH = "/assets/idp.css";

export const STYLESHEET = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:16px;line-height:1.5;color:#1f2933;background:#f3f5f8}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;padding:24px 16px}
.brand{display:flex;align-items:center;gap:10px;font-weight:600;font-size:1.1rem;color:#12355b;margin:8px 0 20px}
.brand-mark{display:inline-flex;align-items:center;justify-content:center;width:36px;height:36px;border-radius:8px;background:#12355b;color:#fff;font-size:.85rem;letter-spacing:.05em}
.card{width:100%;max-width:420px;background:#fff;border:1px solid #dde3ea;border-radius:10px;padding:28px 28px 20px;box-shadow:0 1px 3px rgba(16,24,40,.06)}
.card.wide{max-width:560px}
h1{font-size:1.45rem;margin:0 0 6px;color:#12355b}
h2{font-size:1.05rem;margin:20px 0 8px;color:#12355b}
.lead{margin:0 0 18px;color:#52606d}
.field{margin-bottom:14px}
label{display:block;font-weight:600;font-size:.9rem;margin-bottom:4px}
input{width:100%;font:inherit;padding:9px 11px;border:1px solid #b8c2cc;border-radius:6px;background:#fff;color:inherit}
.keep{display:grid;grid-template-columns:auto 1fr;gap:2px 8px;align-items:center;margin:0 0 14px}
.keep input{width:auto;margin:0}
.keep label{display:inline;margin:0}
.keep .hint{grid-column:2;margin:0}
input:focus{outline:3px solid rgba(30,102,245,.25);border-color:#1e66f5}
input[readonly]{background:#f1f4f7;color:#52606d}
.has-error input{border-color:#c81e1e}
.error{color:#c81e1e;font-size:.85rem;margin:4px 0 0}
.hint{color:#52606d;font-size:.8rem;margin:4px 0 0}
.alert{border:1px solid #f5b5b5;background:#fdecec;color:#8a1c1c;border-radius:6px;padding:10px 12px;margin:0 0 16px}
.notice{border:1px solid #a6d8b8;background:#e9f7ef;color:#1d5e36;border-radius:6px;padding:10px 12px;margin:0 0 16px}
button,.button{display:inline-block;font:inherit;font-weight:600;padding:10px 18px;border-radius:6px;border:1px solid #b8c2cc;background:#fff;color:#12355b;cursor:pointer;text-decoration:none;text-align:center}
button.primary,.button.primary{background:#1e66f5;border-color:#1e66f5;color:#fff}
button.primary:hover,.button.primary:hover{background:#174fc0}
form>button.primary{width:100%;margin-top:6px}
.actions{display:flex;gap:10px;justify-content:flex-end;margin-top:10px}
.actions>*{flex:0 0 auto}
.aside{margin:-4px 0 12px;text-align:right;font-size:.9rem}
.switch{margin:18px 0 4px;text-align:center;font-size:.95rem}
a{color:#1e66f5}
.foot{margin-top:24px;color:#52606d;font-size:.8rem}
@media (max-width:480px){.card{padding:20px 16px}}
`;
