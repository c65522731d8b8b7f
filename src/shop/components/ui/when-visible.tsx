import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Renders its children only once they come near the screen, so below-the-fold data loads later. */
export function WhenVisible({
  children,
  minHeight,
  className,
}: {
  children: ReactNode;
  minHeight: string;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return setVisible(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true), {
      rootMargin: '400px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} style={visible ? undefined : { minHeight }} className={className}>
      {visible && children}
    </div>
  );
}
