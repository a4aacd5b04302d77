/** "① Upload Image" style panel heading. */
export function StepHeading({ step, title, hint }: { step: string; title: string; hint?: string }) {
  return (
    <div className="flex items-start gap-3">
      <span className="grid h-7 min-w-7 shrink-0 place-items-center rounded-full bg-neural px-2 text-xs font-bold text-white">
        {step}
      </span>
      <div className="min-w-0">
        <h2 className="text-base leading-7 font-semibold tracking-tight">{title}</h2>
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      </div>
    </div>
  );
}
