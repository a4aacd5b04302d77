import { Link } from '@tanstack/react-router';
import { cn } from '../../lib/cn';
import { BrandMark } from '../icons';

export function Brand({ className, onClick }: { className?: string; onClick?: () => void }) {
  return (
    <Link
      to="/"
      onClick={onClick}
      className={cn(
        'group inline-flex items-center gap-2.5 rounded-lg font-semibold tracking-tight',
        className,
      )}
      aria-label="Lift3D home"
    >
      <span className="grid size-9 place-items-center rounded-xl bg-neural text-white shadow-md shadow-primary/30 transition-transform group-hover:scale-105">
        <BrandMark className="size-5" />
      </span>
      <span className="text-lg">
        Lift<span className="text-gradient">3D</span>
      </span>
    </Link>
  );
}
