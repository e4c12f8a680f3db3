/**
 * Escaped HTML templates. `html\`…\`` escapes every interpolated value unless it is already {@link SafeHtml} (the
 * result of another `html` template, or {@link unsafeRaw} for trusted constant markup); arrays are joined after
 * escaping each item. Attribute values must be quoted in the template (`value="${v}"`): escaping covers `& < > " '`,
 * which is sufficient inside quoted attributes and text, but never inside `<script>`, `style` or unquoted attributes —
 * the templates put user data in none of those.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for HTML text and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** A template value: text (escaped), markup, a list of either, or nothing (`null`, `undefined`, `false` render ""). */
export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

/** Tagged template producing escaped HTML. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? "";
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? "");
  return new SafeHtml(out);
}

/** Marks constant, trusted markup (never user data) as safe. */
export function unsafeRaw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}
