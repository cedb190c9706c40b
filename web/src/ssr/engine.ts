// What a browser has and the server's JavaScript engine (QuickJS) lacks, as far as React's
// server renderer and React Router use it while a page renders. Imported first by render.tsx,
// so these are in place before any other module runs. Nothing here runs in a browser.
const g = globalThis as Record<string, unknown>;

// What a page says in the console goes to the server's log (posyCore.log, server/src/http/pages/core_host.rs).
const say =
  (level: string) =>
  (...parts: unknown[]) =>
    (g.posyCore as { log: (level: string, message: string) => void }).log(level, parts.map(String).join(' '));
g.console ??= { error: say('error'), warn: say('warn'), log: say('info'), info: say('info'), debug: say('debug') };

// Timers never fire: a render is synchronous, and lazyPage's time-out is not needed on the server.
g.setTimeout ??= () => 0;
g.clearTimeout ??= () => {};
g.queueMicrotask ??= (task: () => void) => void Promise.resolve().then(task);

// The scheduler looks for it when loaded; the server renderer never schedules with it.
g.MessageChannel ??= class {
  port1 = { onmessage: null };
  port2 = { postMessage() {} };
};

// React's server renderer makes one when loaded (for streams, which renderToString does not use).
g.TextEncoder ??= class {
  encode(text: string): Uint8Array {
    const bytes = unescape(encodeURIComponent(text));
    const out = new Uint8Array(bytes.length);
    for (let i = 0; i < bytes.length; i++) out[i] = bytes.charCodeAt(i);
    return out;
  }
};

// React Router's useSearchParams (the contact form reads ?type=): a query's pairs, in order.
class SimpleSearchParams {
  private pairs: [string, string][] = [];

  constructor(init?: string | Record<string, string> | [string, string][] | SimpleSearchParams) {
    if (typeof init === 'string') {
      for (const part of init.replace(/^\?/, '').split('&')) {
        if (!part) continue;
        const [name, value = ''] = part.split('=');
        this.pairs.push([decode(name ?? ''), decode(value)]);
      }
    } else if (init instanceof SimpleSearchParams) {
      this.pairs = [...init.pairs];
    } else if (Array.isArray(init)) {
      this.pairs = init.map(([name, value]) => [String(name), String(value)]);
    } else if (init) {
      this.pairs = Object.entries(init).map(([name, value]) => [name, String(value)]);
    }
  }
  get size() {
    return this.pairs.length;
  }
  get(name: string) {
    return this.pairs.find(([n]) => n === name)?.[1] ?? null;
  }
  getAll(name: string) {
    return this.pairs.filter(([n]) => n === name).map(([, value]) => value);
  }
  has(name: string) {
    return this.pairs.some(([n]) => n === name);
  }
  append(name: string, value: string) {
    this.pairs.push([name, String(value)]);
  }
  set(name: string, value: string) {
    this.delete(name);
    this.append(name, value);
  }
  delete(name: string) {
    this.pairs = this.pairs.filter(([n]) => n !== name);
  }
  forEach(each: (value: string, name: string) => void) {
    for (const [name, value] of this.pairs) each(value, name);
  }
  keys() {
    return this.pairs.map(([name]) => name)[Symbol.iterator]();
  }
  values() {
    return this.pairs.map(([, value]) => value)[Symbol.iterator]();
  }
  entries() {
    return this.pairs.map(([name, value]) => [name, value] as [string, string])[Symbol.iterator]();
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  toString() {
    return this.pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
  }
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
g.URLSearchParams ??= SimpleSearchParams;

// React Router reads URLs of this app's own paths: absolute ones, or paths against a base.
const PARTS = /^([a-zA-Z][a-zA-Z0-9+.-]*:)?(?:\/\/([^/?#]*))?([^?#]*)(\?[^#]*)?(#.*)?$/;

class SimpleUrl {
  protocol = '';
  host = '';
  pathname = '/';
  search = '';
  hash = '';

  constructor(input: string | SimpleUrl, base?: string | SimpleUrl) {
    const [, protocol, host, path, search, hash] = PARTS.exec(String(input)) ?? [];
    if (protocol) {
      this.protocol = protocol;
      this.host = host ?? '';
      this.pathname = path || '/';
    } else {
      if (base === undefined) throw new TypeError(`Invalid URL: ${String(input)}`);
      const from = new SimpleUrl(base);
      this.protocol = from.protocol;
      this.host = host ?? from.host;
      this.pathname = !path ? from.pathname : path.startsWith('/') ? path : from.pathname.replace(/[^/]*$/, '') + path;
      if (!path && !search) this.search = from.search;
    }
    this.search = search && search !== '?' ? search : this.search;
    this.hash = hash && hash !== '#' ? hash : '';
  }

  get searchParams() {
    return new SimpleSearchParams(this.search);
  }
  get hostname() {
    return this.host.replace(/:\d+$/, '');
  }
  get port() {
    return /:(\d+)$/.exec(this.host)?.[1] ?? '';
  }
  get origin() {
    return `${this.protocol}//${this.host}`;
  }
  get href() {
    return `${this.origin}${this.pathname}${this.search}${this.hash}`;
  }
  toString() {
    return this.href;
  }
  toJSON() {
    return this.href;
  }
}
g.URL ??= SimpleUrl;
