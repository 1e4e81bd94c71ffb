// The one stylesheet of the provider's pages (served at STYLESHEET_PATH by routes.server.ts):
// no external fonts, no inline styles, so the strict CSP of `securityHeaders` holds.
export const STYLESHEET_PATH = "/assets/idp.css";

export const STYLESHEET = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;font-size:16px;line-height:1.5;color:#1b2430;background:#f3f5f8}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;padding:0 16px 24px}
.band{align-self:stretch;margin:0 -16px 28px;padding:16px;background:linear-gradient(90deg,#0b2545,#1d4273);border-bottom:4px solid #13a89e}
.brand{display:flex;align-items:center;gap:12px;max-width:560px;margin:0 auto;color:#fff}
.brand-mark{flex:0 0 auto}
.brand-name{font-size:1.375rem;font-weight:700;letter-spacing:.01em}
.card{width:100%;max-width:420px;background:#fff;border:1px solid #cdd3dc;border-radius:8px;padding:28px 28px 20px;box-shadow:0 1px 2px rgba(11,37,69,.08),0 1px 3px rgba(11,37,69,.06)}
.card.wide{max-width:560px}
h1{font-size:1.45rem;margin:0 0 6px;color:#0b2545}
h2{font-size:1.05rem;margin:20px 0 8px;color:#0b2545}
.lead{margin:0 0 18px;color:#56606e}
.field{margin-bottom:14px}
label{display:block;font-weight:600;font-size:.9rem;margin-bottom:4px}
input{width:100%;font:inherit;min-height:44px;padding:9px 11px;border:1px solid #98a2b3;border-radius:4px;background:#fff;color:inherit}
.keep{display:grid;grid-template-columns:auto 1fr;gap:2px 8px;align-items:center;margin:0 0 14px}
.keep input{width:auto;margin:0}
.keep label{display:inline;margin:0}
.keep .hint{grid-column:2;margin:0}
input:focus,button:focus-visible,a:focus-visible{outline:none;box-shadow:0 0 0 3px #ffbf47;border-color:#0b2545}
input[readonly]{background:#f3f5f8;color:#56606e}
.has-error input{border-color:#b42318}
.error{color:#b42318;font-size:.85rem;margin:4px 0 0}
.hint{color:#56606e;font-size:.8rem;margin:4px 0 0}
.alert{border:1px solid #b42318;border-left-width:4px;background:#fdecea;color:#8a1c1c;border-radius:4px;padding:10px 12px;margin:0 0 16px}
.notice{border:1px solid #1e6b34;border-left-width:4px;background:#e5f5ea;color:#1e6b34;border-radius:4px;padding:10px 12px;margin:0 0 16px}
button,.button{display:inline-block;font:inherit;font-weight:600;letter-spacing:.02em;min-height:44px;padding:10px 20px;border-radius:8px;border:2px solid #13315c;background:#fff;color:#13315c;cursor:pointer;text-decoration:none;text-align:center}
button.primary,.button.primary{background:#0b6e67;border-color:#0b6e67;color:#fff}
button.primary:hover,.button.primary:hover{background:#13315c;border-color:#13315c}
form>button.primary{width:100%;margin-top:6px}
.actions{display:flex;gap:10px;justify-content:flex-end;margin-top:10px}
.actions>*{flex:0 0 auto}
.aside{margin:-4px 0 12px;text-align:right;font-size:.9rem}
.switch{margin:18px 0 4px;text-align:center;font-size:.95rem}
a{color:#0b6e67}
.foot{margin-top:24px;color:#56606e;font-size:.8rem}
@media (max-width:480px){.card{padding:20px 16px}}
`;
