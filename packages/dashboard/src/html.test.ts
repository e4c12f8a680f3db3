import { describe, expect, it } from "vitest";
import { html, unsafeRaw } from "./html.ts";

describe("html templates", () => {
  it("escapes interpolated text and attributes, keeps nested templates", () => {
    const name = `<script>alert("x")</script>&'`;
    const out = html`<p title="${name}">${name}</p>${html`<b>${1}</b>`}${[name, html`<i></i>`]}${null}${false}`;
    expect(out.value).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;</p><b>1</b>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;<i></i>',
    );
    expect(html`${unsafeRaw("<hr>")}`.value).toBe("<hr>");
  });
});
