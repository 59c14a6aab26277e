/**
 * The room the account's cards still to come will take (decision 061): the footer stays below the
 * fold until they are there, so their arrival shifts nothing on screen.
 */
export function CardsToCome() {
  return <div aria-hidden="true" className="min-h-screen md:col-span-2" />;
}
