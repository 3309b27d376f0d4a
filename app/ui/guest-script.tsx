import { use } from "react";
import { DocumentContext } from "./document-context";

/** The guest pages' one module script (and its imports, fetched at once) in place of React Router's. */
export function GuestScript() {
  const { nonce, guestScript } = use(DocumentContext);
  if (!guestScript) return null;
  return (
    <>
      {guestScript.preloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} nonce={nonce} />
      ))}
      <script type="module" src={guestScript.src} nonce={nonce} />
    </>
  );
}
