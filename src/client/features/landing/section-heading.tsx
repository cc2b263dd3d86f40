import type * as React from 'react';

export function SectionHeading({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="font-semibold text-primary text-sm uppercase tracking-wider">{eyebrow}</p>
      <h2 className="mt-2 font-bold text-3xl tracking-tight sm:text-4xl">{title}</h2>
      {children && <p className="mt-4 text-lg text-muted-foreground">{children}</p>}
    </div>
  );
}
