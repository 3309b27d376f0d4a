import { useEffect } from "react";

/**
 * The 404 page; the attempted path goes to the browser console too. In Portuguese, unlike the spec's
 * 'Página não encontrada' (ADR 0027): a pt-BR product does not greet a lost guest in English.
 */
export function NotFound({ path }: { path: string }) {
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", path);
  }, [path]);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-surface p-6">
      <div className="text-center">
        <h1 className="mb-4 text-4xl font-bold">404</h1>
        <p className="mb-4 text-xl text-muted">Página não encontrada</p>
        <a href="/" className="text-brand underline hover:opacity-80">
          Voltar ao início
        </a>
      </div>
    </main>
  );
}
