/** The big check mark of a paid sale (inline SVG: the page's CSP allows no data: images). */
export function PaidCheck() {
  return (
    <svg className="paid-check" viewBox="0 0 48 48" width={96} height={96} aria-hidden="true">
      <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="4" />
      <path d="M14 25l7 7 14-15" fill="none" stroke="currentColor" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
