/** A browser-like client: keeps the session cookie, reads the CSRF token of the last page, never follows redirects. */
export class Browser {
  cookie = "";
  csrf = "";
  /**
   * @param baseUrl the gateway's URL
   * @param headers sent with every request (e.g. `x-forwarded-for` to play another client address)
   */
  constructor(
    private readonly baseUrl: string,
    private readonly headers: Record<string, string> = {},
  ) {}
  async request(path: string, form?: Record<string, string>) {
    const response = await fetch(new URL(path, this.baseUrl), {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        ...this.headers,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    const setCookie = response.headers.get("set-cookie");
    if (setCookie) {
      const pair = setCookie.split(";")[0] ?? "";
      this.cookie = pair.endsWith("=") ? "" : pair;
    }
    const text = await response.text();
    const token = /name="_csrf" value="([^"]*)"/.exec(text)?.[1];
    if (token) this.csrf = token;
    return {
      status: response.status,
      location: response.headers.get("location"),
      text,
      headers: response.headers,
    };
  }
  post(path: string, form: Record<string, string>) {
    return this.request(path, { _csrf: this.csrf, ...form });
  }
}
