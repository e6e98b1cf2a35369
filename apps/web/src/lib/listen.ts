type Handlers = { [K in keyof HTMLElementEventMap]?: (event: HTMLElementEventMap[K]) => void };

/**
 * Adds each of `handlers` to `element` (with its entry in `options`, if any) and returns one
 * function that removes them all: the cleanup of an effect that listens to several events.
 * Not an AbortSignal: the in-app browsers we support (Chrome 79, iOS 13) ignore `signal`.
 */
export function listen(element: HTMLElement, handlers: Handlers, options: { [K in keyof Handlers]?: AddEventListenerOptions } = {}): () => void {
  const entries = Object.entries(handlers) as [keyof Handlers, EventListener][];
  for (const [type, handler] of entries) element.addEventListener(type, handler, options[type]);
  return () => {
    for (const [type, handler] of entries) element.removeEventListener(type, handler);
  };
}
