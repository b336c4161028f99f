import { parse, type DefaultTreeAdapterMap } from 'parse5';

/**
 * A browser reduced to what the cheapest ones do: it fetches a page, reads its forms as the HTML
 * wrote them and submits one with the fields a person would type, sending nothing but the
 * cookies it was given (no Origin, no Referer, no script, no styles). Redirects are followed as a
 * browser follows them (303 and 302 become a GET). A field the form does not have cannot be sent:
 * what gets through is what the page itself offers.
 */
type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

export type FormField = { name: string; value: string; type: string; checked: boolean; options?: string[] };
export type FormButton = { name: string | null; value: string; text: string };
export type ParsedForm = { action: string; method: 'get' | 'post'; fields: FormField[]; buttons: FormButton[]; text: string };
export type PageLink = { href: string; text: string };
export type FetchedPage = { url: URL; status: number; headers: Headers; html: string; title: string; text: string; forms: ParsedForm[]; links: PageLink[] };

const isElement = (node: Node): node is Element => 'tagName' in node;
const attr = (element: Element, name: string): string | null => element.attrs.find((a) => a.name === name)?.value ?? null;

function walk(node: Node, visit: (element: Element) => void): void {
  if (isElement(node)) visit(node);
  const children = 'childNodes' in node ? node.childNodes : [];
  for (const child of children) walk(child, visit);
}

/** The text a browser without CSS shows: every text node in order, scripts, styles and templates left out. */
export function textOf(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  if (isElement(node) && ['script', 'style', 'template', 'noscript'].includes(node.tagName)) return '';
  const children = 'childNodes' in node ? node.childNodes : [];
  return children.map(textOf).join(isElement(node) && /^(p|div|li|tr|h\d|section|article|header|footer|main|nav|form|ul|ol|dl|dt|dd|table|fieldset|legend|label|br)$/.test(node.tagName) ? '\n' : '');
}

function parseForms(document: Node): ParsedForm[] {
  const forms: ParsedForm[] = [];
  walk(document, (form) => {
    if (form.tagName !== 'form') return;
    const fields: FormField[] = [];
    const buttons: FormButton[] = [];
    walk(form, (element) => {
      const name = attr(element, 'name');
      if (element.tagName === 'input') {
        const type = (attr(element, 'type') ?? 'text').toLowerCase();
        if (type === 'submit' || type === 'image') buttons.push({ name, value: attr(element, 'value') ?? '', text: attr(element, 'value') ?? '' });
        else if (name && element.attrs.every((a) => a.name !== 'disabled')) fields.push({ name, value: attr(element, 'value') ?? (type === 'checkbox' || type === 'radio' ? 'on' : ''), type, checked: element.attrs.some((a) => a.name === 'checked') });
      } else if (element.tagName === 'button') {
        const type = (attr(element, 'type') ?? 'submit').toLowerCase();
        if (type === 'submit' && element.attrs.every((a) => a.name !== 'disabled')) buttons.push({ name, value: attr(element, 'value') ?? '', text: textOf(element).replace(/\s+/g, ' ').trim() });
      } else if (element.tagName === 'select' && name) {
        const options: { value: string; selected: boolean }[] = [];
        walk(element, (option) => {
          if (option.tagName === 'option') options.push({ value: attr(option, 'value') ?? textOf(option).trim(), selected: option.attrs.some((a) => a.name === 'selected') });
        });
        fields.push({ name, value: (options.find((o) => o.selected) ?? options[0])?.value ?? '', type: 'select', checked: true, options: options.map((o) => o.value) });
      } else if (element.tagName === 'textarea' && name) {
        fields.push({ name, value: textOf(element), type: 'textarea', checked: true });
      }
    });
    forms.push({ action: attr(form, 'action') ?? '', method: (attr(form, 'method') ?? 'get').toLowerCase() === 'post' ? 'post' : 'get', fields, buttons, text: textOf(form).replace(/\s+/g, ' ').trim() });
  });
  return forms;
}

export class FormClient {
  readonly cookies = new Map<string, string>();
  readonly origin: string;
  constructor(origin: string) {
    this.origin = origin;
  }

  private cookieHeader(): Record<string, string> {
    return this.cookies.size ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {};
  }

  private keepCookies(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** One request as the browser sends it (cookies, and `extraHeaders` only when a test forges them), redirects followed. */
  async request(path: string | URL, init: { method?: string; body?: string; extraHeaders?: Record<string, string> } = {}): Promise<FetchedPage> {
    let url = new URL(path, this.origin);
    let method = init.method ?? 'GET';
    let body = init.body;
    for (let hop = 0; hop < 10; hop++) {
      const headers: Record<string, string> = { ...this.cookieHeader(), 'user-agent': 'FormClient (no Origin, no Referer, no script, no CSS)', ...(hop === 0 ? init.extraHeaders : {}) };
      if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
      const response = await fetch(url, { method, headers, body, redirect: 'manual' });
      this.keepCookies(response.headers);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        url = new URL(location, url);
        if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
        continue;
      }
      const html = await response.text();
      const document = parse(html);
      let title = '';
      walk(document, (element) => {
        if (element.tagName === 'title' && !title) title = textOf(element).trim();
      });
      let bodyText = '';
      walk(document, (element) => {
        if (element.tagName === 'body') bodyText = textOf(element);
      });
      const links: PageLink[] = [];
      walk(document, (element) => {
        const href = attr(element, 'href');
        if (element.tagName === 'a' && href) links.push({ href, text: textOf(element).replace(/\s+/g, ' ').trim() });
      });
      return { url, status: response.status, headers: response.headers, html, title, text: bodyText.replace(/[ \t]+/g, ' ').replace(/\n\s*\n+/g, '\n').trim(), forms: parseForms(document), links };
    }
    throw new Error(`too many redirects from ${path}`);
  }

  get(path: string | URL): Promise<FetchedPage> {
    return this.request(path);
  }

  /** A post of exactly these fields, as a forger (or a test) sends it: nothing from any page. */
  post(path: string, fields: Record<string, string>, extraHeaders: Record<string, string> = {}): Promise<FetchedPage> {
    return this.request(path, { method: 'POST', body: new URLSearchParams(fields).toString(), extraHeaders });
  }

  /** The fields `submit` would send for a form, for a test that alters one before posting it. */
  fieldsOf(page: FetchedPage, action: string): Record<string, string> {
    const form = page.forms.find((candidate) => new URL(candidate.action || page.url.href, page.url).pathname === action);
    if (!form) throw new Error(`no form for ${action} on ${page.url.pathname}`);
    return Object.fromEntries(form.fields.filter((field) => (field.type !== 'radio' && field.type !== 'checkbox') || field.checked).map((field) => [field.name, field.value]));
  }

  /** Follows the first link on `page` whose text matches, as a person choosing it would. */
  follow(page: FetchedPage, text: string | RegExp): Promise<FetchedPage> {
    const link = page.links.find((candidate) => (typeof text === 'string' ? candidate.text === text : text.test(candidate.text)));
    if (!link) throw new Error(`no link ${String(text)} on ${page.url.pathname}; links: ${page.links.map((l) => l.text).join(' | ')}`);
    return this.get(new URL(link.href, page.url));
  }

  /**
   * Submits the form of `page` whose action matches `action` (a path, query ignored unless given)
   * and that has the button `button` (by its text, or by its name=value), with `fields` typed
   * into fields the form has. Every other field keeps what the page wrote.
   */
  async submit(page: FetchedPage, options: { action?: string | RegExp; button?: string | RegExp; fields?: Record<string, string> }): Promise<FetchedPage> {
    const { action, button, fields = {} } = options;
    const matchesAction = (form: ParsedForm) => {
      if (action === undefined) return true;
      const target = new URL(form.action || page.url.href, page.url);
      return typeof action === 'string' ? target.pathname === action || target.pathname + target.search === action : action.test(target.pathname + target.search);
    };
    const matchesButton = (candidate: FormButton) =>
      button === undefined || (typeof button === 'string' ? candidate.text === button || `${candidate.name}=${candidate.value}` === button : button.test(candidate.text) || button.test(`${candidate.name}=${candidate.value}`));
    const form = page.forms.find((candidate) => matchesAction(candidate) && (button === undefined || candidate.buttons.some(matchesButton)) && Object.keys(fields).every((name) => candidate.fields.some((field) => field.name === name)));
    if (!form) throw new Error(`no form on ${page.url.pathname} for ${String(action)} / ${String(button)} with ${Object.keys(fields).join(', ')}; forms: ${JSON.stringify(page.forms.map((f) => ({ action: f.action, fields: f.fields.map((x) => x.name), buttons: f.buttons.map((b) => b.text) })))}`);
    const pressed = form.buttons.find(matchesButton) ?? form.buttons[0];
    const data = new URLSearchParams();
    const given = new Set<string>();
    for (const field of form.fields) {
      if (field.name in fields) {
        if (field.type === 'radio' || field.type === 'checkbox') {
          if (fields[field.name] === field.value && !given.has(field.name)) {
            data.append(field.name, field.value);
            given.add(field.name);
          }
          continue;
        }
        if (!given.has(field.name)) {
          if (field.type === 'select' && field.options && !field.options.includes(fields[field.name]!)) throw new Error(`${field.name} has no option ${fields[field.name]} (${field.options.join(', ')})`);
          data.append(field.name, fields[field.name]!);
          given.add(field.name);
        }
        continue;
      }
      if ((field.type === 'radio' || field.type === 'checkbox') && !field.checked) continue;
      data.append(field.name, field.value);
    }
    if (pressed?.name) data.append(pressed.name, pressed.value);
    const target = new URL(form.action || page.url.href, page.url);
    if (form.method === 'get') {
      target.search = data.toString();
      return this.get(target);
    }
    return this.request(target, { method: 'POST', body: data.toString() });
  }
}
