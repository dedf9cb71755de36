/**
 * A network's RPC endpoints as the owner writes them, in `--rpc NETWORK=URL1,URL2`, its environment
 * variable and Settings' `rpc_url`: one or more absolute http(s) URLs separated by commas, the first
 * preferred. Decision: commas separate (a comma inside a URL, rare in RPC URLs, is written %2C), so
 * the setting keeps its one text field and its name, and a single URL reads as before.
 */
export function splitRpcUrls(text: string): string[] {
  return text
    .split(',')
    .map((u) => u.trim())
    .filter((u) => u !== '');
}

/** Why `text` is no usable list of endpoints, in words for the owner; null when it is one. */
export function rpcUrlsProblem(text: string): string | null {
  const urls = splitRpcUrls(text);
  if (urls.length === 0) return 'must be an absolute http or https URL (several: separated by commas)';
  for (const [i, value] of urls.entries()) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      url = new URL('about:blank');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return urls.length === 1 ? 'must be an absolute http or https URL' : `URL ${i + 1} of ${urls.length} must be an absolute http or https URL`;
    }
  }
  if (new Set(urls).size !== urls.length) return 'names the same URL twice';
  return null;
}
