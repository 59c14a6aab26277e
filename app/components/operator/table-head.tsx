/** A console table's header row: one column header per label. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr className="border-b border-slate-300">
        {columns.map((column) => (
          <th key={column} scope="col" className="p-2 text-start">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
