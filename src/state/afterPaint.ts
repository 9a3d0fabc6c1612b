// Waiting for the browser to paint what was just rendered, before work that competes for the CPU.

/**
 * Resolves after the next two animation frames (a render scheduled now has been committed and
 * painted by then), or after `maxWaitMs` if frames do not come (a hidden tab), or at once where
 * there are no frames at all (Node, a Worker).
 */
export function afterPaint(maxWaitMs = 100): Promise<void> {
  if (typeof requestAnimationFrame !== 'function') return Promise.resolve();
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxWaitMs);
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        clearTimeout(timer);
        resolve();
      }),
    );
  });
}
