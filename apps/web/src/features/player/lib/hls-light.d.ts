// hls.js ships no types for its light build; its API is the full build's, less what we do not use.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
