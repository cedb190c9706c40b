/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The API's origin when it is not the page's own, e.g. "https://shop.example". */
  readonly VITE_API_BASE?: string;
  /** Where media are served from when not the page's origin (an object store, a CDN). */
  readonly VITE_MEDIA_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
