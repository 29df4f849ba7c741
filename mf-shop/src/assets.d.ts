// Pictures shipped with mf-shop: webpack emits them as files and the import is their URL.
declare module '*.svg' {
  const url: string;
  export default url;
}
