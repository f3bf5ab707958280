import { options, type Ref, type VNode } from 'preact';

/**
 * React's `autoFocus` focuses an element when it mounts. Preact (the build's runtime, decision 014) only
 * writes the `autofocus` attribute, which a browser honours once per page load: in a single-page app the
 * later screens' fields (the two-factor code, a review's reply, a dialog's name field) would not be
 * focused. This focuses each such element once, when it is first rendered, as React did.
 */
const focused = new WeakSet<Element>();
const previous = options.vnode;
options.vnode = (vnode: VNode) => {
  previous?.(vnode);
  if (typeof vnode.type !== 'string' || !(vnode.props as { autoFocus?: unknown }).autoFocus) return;
  const ref = vnode.ref as Ref<Element> | null | undefined;
  vnode.ref = (element: Element | null) => {
    if (element instanceof HTMLElement && !focused.has(element)) {
      focused.add(element);
      element.focus();
    }
    if (typeof ref === 'function') return ref(element);
    if (ref) ref.current = element;
  };
};
