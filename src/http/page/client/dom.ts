/** DOM helpers of the page scripts: elements built from text nodes only (text is never parsed as HTML). */
export type Child = Node | string | null | undefined;
export type AttrValue = string | number | boolean | null | undefined | ((event: Event) => void);

export function $(id: string): HTMLElement {
  const node = document.getElementById(id);
  if (!node) throw new Error(`the page has no #${id}`);
  return node;
}

/** `#id` as an input or text area. */
export function field(id: string): HTMLInputElement | HTMLTextAreaElement {
  return $(id) as HTMLInputElement | HTMLTextAreaElement;
}

/**
 * An element: `text` sets its text, `className` its class, `onX` adds a
 * listener, other attributes are set as given (true → present, false/null →
 * absent).
 */
export function el(tag: string, attrs?: Record<string, AttrValue> | null, children?: Child[]): HTMLElement {
  const node = document.createElement(tag);
  if (attrs) {
    for (const name of Object.keys(attrs)) {
      const value = attrs[name];
      if (value === undefined || value === null || value === false) continue;
      if (typeof value === 'function') node.addEventListener(name.slice(2), value);
      else if (name === 'text') node.textContent = String(value);
      else if (name === 'className') node.className = String(value);
      else node.setAttribute(name, value === true ? '' : String(value));
    }
  }
  for (const child of children ?? []) {
    if (child === null || child === undefined) continue;
    node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

const SVG = 'http://www.w3.org/2000/svg';
export function svg(tag: string, attrs?: Record<string, string | number>, text?: string): SVGElement {
  const node = document.createElementNS(SVG, tag);
  for (const name of Object.keys(attrs ?? {})) node.setAttribute(name, String(attrs![name]));
  if (text !== undefined) node.textContent = text;
  return node;
}

export interface ApiError extends Error {
  status?: number;
  hint?: string | undefined;
  code?: string | undefined;
}

/** A JSON request to this service (the session cookie goes along); a non-2xx answer rejects with its error. */
export function api<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const options: RequestInit = { method, headers, credentials: 'same-origin' };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  return fetch(path, options).then((response) => {
    if (response.status === 204) return null as T;
    return response
      .json()
      .catch(() => ({}))
      .then((data: { error?: { message?: string; hint?: string; code?: string } }) => {
        if (!response.ok) {
          const error: ApiError = new Error(data?.error?.message || `HTTP ${response.status}`);
          error.status = response.status;
          error.hint = data?.error?.hint;
          error.code = data?.error?.code;
          throw error;
        }
        return data as T;
      });
  });
}

/** `text` with `{name}` replaced by values. */
export function fill(text: string, values?: Record<string, string | number>): string {
  let out = text;
  if (values) for (const name of Object.keys(values)) out = out.split(`{${name}}`).join(String(values[name]));
  return out;
}
