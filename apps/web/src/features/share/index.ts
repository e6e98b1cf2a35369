// What other features may use from share (eslint boundaries: only through this file).
export { ShareButton } from './components/share-button.tsx';
export { useShare } from './hooks/use-share.ts';
