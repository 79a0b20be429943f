/**
 * A part of a page whose data failed (partial data, SPEC §7): the rest of the
 * page renders, and this part says so in its own place.
 */
export function SectionError({ what }: { what: string }) {
  return (
    <p className="section-error" role="status">
      {what} could not be loaded just now. Reloading the page may help.
    </p>
  );
}
