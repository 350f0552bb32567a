/** A `Cookie` header (as signUpOverHttp returns it) as Playwright's cookies for `url`. */
export function browserCookies(cookieHeader: string, url: string) {
  return cookieHeader.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
  });
}
