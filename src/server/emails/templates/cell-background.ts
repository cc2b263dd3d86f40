/**
 * The bgcolor attribute of a table cell: old Outlook paints backgrounds only from it. React passes it
 * through, but its types no longer list it for <td>.
 */
export function cellBackground(colour: string): object {
  return { bgcolor: colour };
}
