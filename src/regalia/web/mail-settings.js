// Your-turn e-mails on your own profile page (issue 45): give an address, type back the code mailed to it, then
// choose a mail each turn, a daily digest, or none; or remove the address. The server says whether it sends
// e-mail at all (`regalia serve --smtp`): where it does not, this section is not shown. Every word the server
// sends back (an address, a reason) is set as text, never as HTML.
import { call } from "./api.js";
import { h, toast } from "./dom.js";

const MODES = [["turn", "A mail when it is my turn"], ["digest", "One mail a day listing my turns"], ["off", "No mail"]];

/** The section for the signed-in profile's page, or null where this server sends no e-mail. */
export async function mailSettings() {
  const settings = await call("GET", "/api/profiles/me/mail");
  if (!settings.offered) return null;
  const section = h("section", { id: "mail-settings", class: "mail-settings" });
  draw(section, settings);
  return section;
}

/** Redraw the section from the server's answer (the server's state is the truth, never guessed here). */
function draw(section, settings) {
  section.replaceChildren(...[h("h3", {}, "E-mail when it is your turn"),
    settings.address ? chosen(section, settings) : null,
    settings.pending ? codeForm(section, settings) : addressForm(section, settings)].filter(Boolean));
}

function chosen(section, settings) {
  const mode = h("select", { id: "mail-mode", "aria-label": "How often to mail you", onchange: () =>
    act(section, "PUT", "/api/profiles/me/mail/mode", { mode: mode.value }, "Saved") },
  MODES.map(([value, label]) => h("option", { value, selected: value === settings.mode }, label)));
  return h("p", { class: "mail-chosen" }, "Mails go to ", h("strong", { id: "mail-address-shown" }, settings.address),
    ": ", mode, " ",
    h("button", { type: "button", id: "mail-remove", onclick: () =>
      act(section, "DELETE", "/api/profiles/me/mail", null, "Address removed: no more mail") }, "Remove address"));
}

function addressForm(section, settings) {
  const address = h("input", { id: "mail-address", type: "email", required: true, maxlength: 254,
    autocomplete: "email", placeholder: "you@example.org" });
  return h("form", { id: "mail-give", novalidate: true, onsubmit: (event) => {  // the server's reason, not the browser's
    event.preventDefault();
    act(section, "PUT", "/api/profiles/me/mail", { address: address.value }, "A code is on its way: check your mail");
  } }, h("label", { for: "mail-address" }, settings.address ? "Another address " : "Your e-mail address "), address, " ",
  h("button", { type: "submit" }, "Mail me a code"),
  h("p", { class: "muted" }, "Optional. Mails say only whose turn it is, in which game, and the time left; "
    + "every mail has a link that stops them."));
}

function codeForm(section, settings) {
  const code = h("input", { id: "mail-code", inputmode: "numeric", autocomplete: "one-time-code", maxlength: 20,
    placeholder: "123456", required: true });
  return h("form", { id: "mail-verify", onsubmit: (event) => {
    event.preventDefault();
    act(section, "POST", "/api/profiles/me/mail/verify", { code: code.value }, "Address verified");
  } }, h("label", { for: "mail-code" }, "The 6-digit code mailed to ", h("strong", {}, settings.pending), " "), code, " ",
  h("button", { type: "submit", class: "primary" }, "Verify"), " ",
  h("button", { type: "button", id: "mail-cancel", onclick: () => draw(section, { ...settings, pending: null }) },
    "Use another address"));
}

async function act(section, method, path, body, done) {
  try {
    draw(section, await call(method, path, body));
    toast(done, "info");
  } catch (error) {
    toast(error.message);  // the server's reason, as text
  }
}
