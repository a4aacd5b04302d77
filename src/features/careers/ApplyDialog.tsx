import { useId } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Input, Label, Textarea } from '../../components/ui/input';
import { Honeypot, StatusLine } from '../forms/FormParts';
import { type ApplicationFields, useApplication } from './useApplication';
import { useReadOnlyGuard } from './useReadOnlyGuard';

interface Field {
  key: Exclude<keyof ApplicationFields, 'skills_summary'>;
  label: string;
  type?: 'email' | 'text';
  required?: boolean;
  autoComplete?: string;
  placeholder?: string;
  inputMode?: 'url' | 'numeric';
  maxLength: number;
}

const FIELDS: Field[] = [
  { key: 'full_name', label: 'Full Name', required: true, autoComplete: 'name', maxLength: 100 },
  { key: 'email', label: 'Email', type: 'email', required: true, autoComplete: 'email', maxLength: 320 },
  { key: 'location', label: 'Location', placeholder: 'City, country', maxLength: 200 },
  { key: 'years_experience', label: 'Years of Experience', inputMode: 'numeric', maxLength: 50 },
  {
    key: 'linkedin',
    label: 'LinkedIn URL',
    inputMode: 'url',
    placeholder: 'linkedin.com/in/…',
    maxLength: 500,
  },
  { key: 'portfolio', label: 'Portfolio URL', inputMode: 'url', placeholder: 'https://…', maxLength: 500 },
  { key: 'github', label: 'GitHub URL', inputMode: 'url', placeholder: 'github.com/…', maxLength: 500 },
  { key: 'resume_url', label: 'Resume/CV URL', inputMode: 'url', placeholder: 'https://…', maxLength: 500 },
  { key: 'compensation', label: 'Compensation Expectations', maxLength: 200 },
  { key: 'availability', label: 'Availability', placeholder: 'e.g. 1 month notice', maxLength: 200 },
];

/** "Apply for {role}" (SPEC §2 "Careers and About", §4 "Career form"). */
export default function ApplyDialog({
  role,
  open,
  onClose,
}: {
  role: string;
  open: boolean;
  onClose: () => void;
}) {
  const form = useApplication({ role, onDone: onClose });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      size="xl"
      title={`Apply for ${role}`}
      description="Tell us a little about yourself. Only your name and email are required."
    >
      <ApplicationForm form={form} onCancel={close} />
    </Dialog>
  );
}

/** The fields; mounted with the dialog's panel, so its read-only guard starts when the inputs appear. */
function ApplicationForm({
  form,
  onCancel,
}: {
  form: ReturnType<typeof useApplication>;
  onCancel: () => void;
}) {
  const id = useId();
  const guarded = useReadOnlyGuard();
  const readOnly = guarded || form.locked;
  const busy = form.status === 'submitting';

  return (
    <form
      data-guard={guarded ? 'on' : 'off'}
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit();
      }}
    >
      <div className="grid max-h-[60dvh] gap-4 overflow-y-auto px-0.5 pb-1 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <div key={f.key} className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-${f.key}`}>
              {f.label}
              {f.required ? (
                <span aria-hidden="true" className="text-destructive">
                  {' '}
                  *
                </span>
              ) : null}
            </Label>
            <Input
              id={`${id}-${f.key}`}
              name={f.key}
              type={f.type ?? 'text'}
              required={f.required}
              autoComplete={f.autoComplete ?? 'off'}
              inputMode={f.inputMode}
              placeholder={f.placeholder}
              maxLength={f.maxLength}
              readOnly={readOnly}
              value={form.fields[f.key]}
              onChange={(e) => form.update(f.key, e.target.value)}
            />
          </div>
        ))}
        <div className="flex flex-col gap-1.5 sm:col-span-2">
          <Label htmlFor={`${id}-skills`}>Skills / Highlights</Label>
          <Textarea
            id={`${id}-skills`}
            name="skills_summary"
            rows={4}
            maxLength={5000}
            placeholder="What you are proud of, what you want to build next"
            readOnly={readOnly}
            value={form.fields.skills_summary}
            onChange={(e) => form.update('skills_summary', e.target.value)}
          />
        </div>
        <Honeypot value={form.website} onChange={form.setWebsite} />
      </div>
      <StatusLine status={form.status} className="mt-4 min-h-6">
        {form.message}
      </StatusLine>
      <div className="mt-3 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="neural" disabled={busy || form.status === 'success'}>
          {busy ? 'Submitting…' : 'Submit Application'}
        </Button>
      </div>
    </form>
  );
}
