import type { ReactNode } from 'react';

export function AuthCard({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <section className="relative isolate flex min-h-dvh items-center justify-center overflow-hidden bg-charcoal-950 px-4 pt-24 pb-16">
      <img src="/images/hero-grill.webp" alt="" className="absolute inset-0 -z-10 size-full object-cover opacity-30" />
      <div className="w-full max-w-md rounded-3xl bg-cream-50 p-6 shadow-2xl md:p-8">
        <h1 className="text-3xl font-bold uppercase">{title}</h1>
        <p className="mt-1 mb-6 text-charcoal-700">{lead}</p>
        {children}
      </div>
    </section>
  );
}
