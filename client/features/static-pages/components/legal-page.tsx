import { Card } from '@client/components/ui/card';
import type { ReactNode } from 'react';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A long-form policy page: title, a table of contents and numbered sections. */
export function LegalPage({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <div className="flex-1 bg-stage">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        <header className="mb-8 max-w-3xl space-y-3">
          <h1 className="text-3xl font-extrabold sm:text-4xl">{title}</h1>
          <p className="text-sm text-muted-foreground">Last updated {updated}</p>
          <div className="text-lg text-muted-foreground">{intro}</div>
        </header>
        <div className="grid gap-8 lg:grid-cols-[15rem_1fr]">
          <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
            <Card className="p-4">
              <p className="mb-2 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
                On this page
              </p>
              <ol className="space-y-1 text-sm">
                {sections.map((section, index) => (
                  <li key={section.id}>
                    <a
                      href={`#${section.id}`}
                      className="block rounded-md px-2 py-1 text-muted-foreground hover:bg-muted hover:text-foreground"
                    >
                      {index + 1}. {section.title}
                    </a>
                  </li>
                ))}
              </ol>
            </Card>
          </nav>
          <Card className="p-6 sm:p-8">
            <div className="flex flex-col gap-8">
              {sections.map((section, index) => (
                <section
                  key={section.id}
                  id={section.id}
                  aria-labelledby={`${section.id}-title`}
                  className="scroll-mt-24"
                >
                  <h2 id={`${section.id}-title`} className="mb-3 text-xl font-bold">
                    {index + 1}. {section.title}
                  </h2>
                  <div className="space-y-3 leading-relaxed text-foreground/90 [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-1.5">
                    {section.body}
                  </div>
                </section>
              ))}
            </div>
          </Card>
        </div>
      </div>
    </div>
  );
}
