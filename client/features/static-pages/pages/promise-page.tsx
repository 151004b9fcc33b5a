import { Card } from '@client/components/ui/card';
import { PROMISE_TEXT } from '@common/texts/promise';
import { ShieldCheck } from 'lucide-react';

/**
 * The Encore Promise (decision 0087), in plain words: each sentence is one the code enforces, and the
 * decision names the code behind it. Public and prerendered for visitors.
 */
export function PromisePage() {
  return (
    <div className="flex-1 bg-stage">
      <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10 sm:px-6 sm:py-14">
        <header className="flex flex-col gap-4">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary">
            <ShieldCheck aria-hidden className="size-7" />
          </span>
          <h1 className="text-3xl font-extrabold sm:text-4xl">{PROMISE_TEXT.title}</h1>
          <p className="text-lg leading-relaxed">{PROMISE_TEXT.lead}</p>
        </header>
        {PROMISE_TEXT.sections.map((section) => (
          <Card key={section.heading} className="flex flex-col gap-3 p-6">
            <h2 className="text-xl font-semibold">{section.heading}</h2>
            {section.sentences.length === 1 ? (
              <p className="leading-relaxed text-muted-foreground">{section.sentences[0]}</p>
            ) : (
              <ul className="list-disc space-y-2 pl-5 leading-relaxed text-muted-foreground">
                {section.sentences.map((sentence) => (
                  <li key={sentence}>{sentence}</li>
                ))}
              </ul>
            )}
          </Card>
        ))}
      </div>
    </div>
  );
}
