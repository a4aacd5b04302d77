import { useEffect, useRef, useState } from 'react';

/** Scroll distance after which the reading-progress bar appears (SPEC §9). */
const SCROLL_PROGRESS_THRESHOLD = 100;

/** A thin gradient bar at the very top showing how far down the page the visitor is. */
export function ScrollProgress() {
  const bar = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const max = document.documentElement.scrollHeight - window.innerHeight;
      const progress = max > 0 ? Math.min(1, window.scrollY / max) : 0;
      if (bar.current) bar.current.style.transform = `scaleX(${progress})`;
      setVisible(window.scrollY > SCROLL_PROGRESS_THRESHOLD);
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, []);

  return (
    <div
      data-testid="scroll-progress"
      data-visible={visible}
      aria-hidden="true"
      className={`fixed inset-x-0 top-0 z-[60] h-[3px] transition-opacity duration-300 ${visible ? 'opacity-100' : 'opacity-0'}`}
    >
      <div ref={bar} className="h-full origin-left bg-neural" style={{ transform: 'scaleX(0)' }} />
    </div>
  );
}
