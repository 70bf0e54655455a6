/** How many texts a namer names: a text built with a varying shape (a list of n values) past these goes unnamed. */
const maxNamedStatements = 2000;

/**
 * Names for the statements sent with values, one per distinct text (`${prefix}0`, `${prefix}1`...), so that PostgreSQL
 * parses and plans each once rather than at every call: the server's connections (connection.ts) and the embedded
 * database (pglite-statements.ts). Answers undefined for a text past the bound.
 */
export function statementNamer(prefix: string): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < maxNamedStatements) {
      name = `${prefix}${names.size}`;
      names.set(text, name);
    }
    return name;
  };
}
