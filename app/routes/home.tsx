import type { Route } from "./+types/home";

export function meta(_: Route.MetaArgs) {
  return [
    { title: "Veilport VPN: private, fast, no logs" },
    { name: "description", content: "Veilport encrypts your connection and hides your IP address on every device." },
  ];
}

export default function Home() {
  return (
    <main>
      <section className="bg-brand-50 px-6 py-20 text-center">
        <h1 className="text-4xl font-bold tracking-tight">Private, fast, no logs.</h1>
        <p className="mx-auto mt-4 max-w-xl text-lg">
          Veilport encrypts your connection and hides your IP address on every device.
        </p>
        <a
          className="mt-8 inline-block rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-600"
          href="/pricing"
        >
          Get Veilport
        </a>
      </section>
    </main>
  );
}
