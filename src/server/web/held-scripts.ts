import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { files, STATIC_PREFIX } from "./static-assets";

/**
 * A page's scripts are fetched and run after its first contentful frame (decision 0042). Next.js
 * writes the build's chunks as `<script src async>` tags and preloads, which a browser fetches
 * at once and runs as soon as each arrives: on a fast connection before the first paint, so a
 * phone shows nothing until every chunk has been compiled and run. Here each such tag becomes an
 * inert `<link data-held-script>` or `<link data-held-preload>` (the page's React tree skips
 * both), and an inline loader after each run of them adds the scripts and preloads, in the
 * document's order, once the page has been parsed and its first contentful frame drawn: at once
 * in a hidden tab, where no frame comes, and after three seconds whatever happened, so that a page
 * never stays without them. A click on a button of the server's HTML before React has taken the
 * button over (its scripts still held, loading or hydrating) starts the scripts at once and is
 * replayed on the button once React has it, for up to ten seconds: a person's first tap is not
 * lost. React gives a button its props while it renders the hydration, before it commits it; a
 * click in between is one it cannot take, and it stops it at the document without acting on it.
 * So each such button's first click is caught and dispatched again by the loader, which watches
 * it after React's own listener: a click React stopped has its default action cancelled (a form
 * is not sent around React) and is tried again 50 ms later; once one went through, the button's
 * clicks pass untouched. (A component stopping a click in its capture phase would look the same
 * as React stopping it; none here does.) Buttons added later (by React itself, or by a library
 * outside it, such as the cookie preferences) are left alone.
 *
 * The loader is the same text on every page: a shared document allows it by its hash like its
 * other inline scripts, and a rendered page gives it the nonce of the tags it replaces.
 */
export const HELD_SCRIPTS_LOADER =
  "(function(w,d){var h=w.__heldScripts;if(!h){h=w.__heldScripts={s:{},p:{},q:[]};" +
  "h.live=function(b){return Object.keys(b).some(function(k){return k.indexOf('__reactProps')===0})};" +
  "h.fire=function(b){var ok=0,f=function(e){ok=!e.cancelBubble;if(!ok)e.preventDefault()};h.f=1;d.addEventListener('click',f,true);try{b.click()}finally{h.f=0;d.removeEventListener('click',f,true)}if(ok)b.__ok=1;return ok};" +
  "h.replay=function(){h.t=0;var q=h.q;h.q=[];for(var i=0;q[i];i++)if(q[i].isConnected&&!(h.live(q[i])&&h.fire(q[i])))h.q.push(q[i]);if(h.q.length&&Math.max(0,h.until-Date.now()))h.t=setTimeout(h.replay,50);else h.q=[]};" +
  "d.addEventListener('click',function(e){var b=e.target&&e.target.closest&&e.target.closest('button');if(!b||b.__ok||h.f||h.ran&&!b.__held)return;e.preventDefault();e.stopImmediatePropagation();if(h.live(b)&&h.fire(b)||h.q.indexOf(b)+1)return;h.q.push(b);h.until=Date.now()+1e4;if(!h.ran)h.run();if(!h.t)h.t=setTimeout(h.replay,50)},true);" +
  "h.run=function(){if(!h.ran){var bs=d.querySelectorAll('button');for(var j=0;bs[j];j++)bs[j].__held=1}h.ran=1;var l=d.querySelectorAll('link[data-held-script],link[data-held-preload]');for(var i=0;l[i];i++){var k=l[i],u=k.getAttribute('data-held-script'),e;" +
  "if(u){k.removeAttribute('data-held-script');if(h.s[u])continue;h.s[u]=1;e=d.createElement('script');e.src=u;e.async=true}" +
  "else{u=k.getAttribute('data-held-preload');k.removeAttribute('data-held-preload');if(h.s[u]||h.p[u])continue;h.p[u]=1;e=d.createElement('link');e.rel='preload';e.as='script';e.href=u;e.fetchPriority='low'}d.head.appendChild(e)}};" +
  "h.check=function(){if(h.painted&&h.parsed&&!h.set){h.set=1;requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(h.run,0)})})}};" +
  "if(d.visibilityState==='hidden')h.run();else{d.addEventListener('visibilitychange',function(){if(d.visibilityState==='hidden'&&!h.ran)h.run()});" +
  "d.addEventListener('DOMContentLoaded',function(){h.parsed=1;h.check()});var P=w.PerformanceObserver;" +
  "if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')+1)new P(function(e,o){if(e.getEntriesByName('first-contentful-paint').length){o.disconnect();h.painted=1;h.check()}}).observe({type:'paint',buffered:true});else h.painted=1;" +
  "setTimeout(function(){if(!h.ran)h.run()},3000)}}if(h.ran)h.run();else if(d.body){h.parsed=1;h.check()}})(window,document)";

const CHUNK = String.raw`\/_next\/static\/chunks\/[\w.~-]+\.js`;
/** A chunk's script tag as React writes it (`async`, for the bootstrap script too, is checked below), attributes in any order. */
const SCRIPT = String.raw`<script(?: (?:src="${CHUNK}"|async=""|nonce="[^"<>]*"))+><\/script>`;
/** A script preload as React writes it (`ReactDOM.preload` and Next.js's own), attributes in any order. */
const PRELOAD = String.raw`<link rel="preload"(?: (?:as="script"|fetchPriority="low"|nonce="[^"<>]*"|href="${CHUNK}"))+\/?>`;
const TAG = `(?:${SCRIPT}|${PRELOAD})`;
const RUN = new RegExp(`(?:${TAG})+`, "g");
const ONE = new RegExp(TAG, "g");
const SRC = new RegExp(`(?:src|href)="(${CHUNK})"`);
const NONCE = /nonce="([^"<>]*)"/;
/** A tag's start without its end: kept back until the next piece of the document. None of the tags is longer than TAG_MAX. */
const TAG_MAX = 512;
const PARTIAL = /<(?:s(?:c(?:r(?:i(?:p(?:t(?: [^<>]*)?)?)?)?)?)?|l(?:i(?:n(?:k(?: [^<>]*)?)?)?)?)?$|<script(?: [^<>]*)?>(?:<(?:\/(?:s(?:c(?:r(?:i(?:p(?:t)?)?)?)?)?)?)?)?$/;

/** Whether the build has a chunk (a path under /_next/static/chunks/); without an answer, every chunk counts as there. */
export type ChunkExists = (src: string) => boolean;

/** The chunks of the build in `dist`, as pages name them. */
export function builtChunks(dist: string): ChunkExists {
  const statics = path.join(dist, "static");
  const names = new Set(files(path.join(statics, "chunks")).map((file) => STATIC_PREFIX + path.relative(statics, file).split(path.sep).join("/")));
  return (src) => names.has(src);
}

/**
 * An HTML text with its chunk scripts held: each run of tags becomes inert links and one loader.
 * A preload of a chunk the build does not have is dropped: Next.js preloads the files its
 * manifest names for a lazily loaded component, and some of those the bundler never wrote.
 */
export function holdScripts(html: string, exists: ChunkExists = () => true): string {
  return html.replace(RUN, (run) => {
    let nonce: string | undefined;
    let held = 0;
    const links = run.replace(ONE, (tag) => {
      // A preload of something else (a stylesheet, a font) stays as it is.
      if (tag.startsWith("<link") ? !tag.includes('as="script"') : !tag.includes(' async=""')) return tag;
      const src = SRC.exec(tag);
      if (!src) return tag;
      if (!exists(src[1])) return tag.startsWith("<link") ? "" : tag;
      nonce ??= NONCE.exec(tag)?.[1];
      held++;
      return tag.startsWith("<link") ? `<link data-held-preload="${src[1]}">` : `<link data-held-script="${src[1]}">`;
    });
    if (held === 0) return links;
    return `${links}<script${nonce === undefined ? "" : ` nonce="${nonce}"`}>${HELD_SCRIPTS_LOADER}</script>`;
  });
}

/**
 * The same for a document that arrives in pieces, as bytes: a tag cut between two pieces is kept
 * back until the next one completes it. A run of tags split between pieces gets a loader in each,
 * which does no harm: the loader adds each script once. The bytes are read as Latin-1, one
 * character each: the tags are ASCII, and every other byte (UTF-8 text) goes out as it came,
 * without being decoded and encoded again.
 */
export class HeldScriptsStream {
  private pending = "";

  constructor(private readonly exists?: ChunkExists) {}

  /** What can go out now for the next piece of the document. */
  push(chunk: Buffer): Buffer {
    const text = this.pending + chunk.toString("latin1");
    const from = Math.max(0, text.length - TAG_MAX);
    const partial = PARTIAL.exec(text.slice(from));
    const cut = partial ? from + partial.index : text.length;
    this.pending = text.slice(cut);
    return Buffer.from(holdScripts(text.slice(0, cut), this.exists), "latin1");
  }

  /** What is left when the document ends. */
  end(): Buffer {
    const out = Buffer.from(holdScripts(this.pending, this.exists), "latin1");
    this.pending = "";
    return out;
  }
}

/**
 * Rewrites a page answer's HTML on its way out: `res.write` and `res.end` (as a compression
 * middleware below left them) get the held text. Anything but HTML passes untouched; a length the
 * renderer set is dropped, as the text changes length.
 */
export function holdPageScripts(req: IncomingMessage, res: ServerResponse, exists?: ChunkExists): void {
  if (req.method !== "GET" && req.method !== "HEAD") return;
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  let stream: HeldScriptsStream | null | undefined;
  const decide = () => {
    if (stream !== undefined) return stream;
    const type = String(res.getHeader("content-type") ?? "");
    stream = type.startsWith("text/html") ? new HeldScriptsStream(exists) : null;
    if (stream && !res.headersSent) res.removeHeader("content-length");
    return stream;
  };
  const bytes = (chunk: unknown, encoding?: unknown): Buffer =>
    typeof chunk === "string"
      ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
      : Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from((chunk as Uint8Array).buffer, (chunk as Uint8Array).byteOffset, (chunk as Uint8Array).byteLength);
  res.write = function (chunk: unknown, ...rest: unknown[]) {
    const s = decide();
    if (!s || chunk === undefined || chunk === null) return write(chunk, ...rest);
    const callback = rest.find((r) => typeof r === "function");
    return write(s.push(bytes(chunk, rest[0])), callback);
  } as typeof res.write;
  res.end = function (...args: unknown[]) {
    const s = decide();
    if (!s) return end(...args);
    const [chunk, encoding] = typeof args[0] === "function" ? [] : args;
    const callback = args.find((a) => typeof a === "function");
    const last = chunk === undefined || chunk === null ? s.end() : Buffer.concat([s.push(bytes(chunk, encoding)), s.end()]);
    return end(last, callback);
  } as typeof res.end;
}
