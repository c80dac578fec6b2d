/**
 * Resolves once the element with this id comes within `margin` of the viewport, and at once where there is
 * nothing to watch (prerendering, tests, a page rendered without prerendered HTML). An element that is not
 * displayed (hidden at this width) never resolves it.
 */
export function whenNearViewport(id: string, margin = '400px'): Promise<void> {
  if (typeof IntersectionObserver === 'undefined') return Promise.resolve();
  const element = document.getElementById(id);
  if (!element) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
  });
}
