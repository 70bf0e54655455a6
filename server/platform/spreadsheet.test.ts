import { buffer } from "node:stream/consumers";
import ExcelJS from "exceljs";
import Fastify from "fastify";
import { expect, test } from "vitest";
import {
  exportRows,
  type SpreadsheetColumn,
  sendSpreadsheet,
  spreadsheetCell,
  writeSpreadsheet,
} from "./spreadsheet.js";

test("a text cell a spreadsheet would read as a formula gets a leading quote; other cells and numbers are kept", () => {
  for (const formula of ["=1+1", "+cmd", "-1+2", "@SUM(1)", "\t=1+1", "\r=1+1"]) {
    expect(spreadsheetCell(formula)).toBe(`'${formula}`);
  }
  for (const plain of ["Ada", "", "1-2", "a=b", "'quoted", " =1"]) expect(spreadsheetCell(plain)).toBe(plain);
  expect(spreadsheetCell(-12.5)).toBe(-12.5);
});

type Person = { name: string; amount: number };
const columns: SpreadsheetColumn<Person>[] = [
  { header: "Name", cell: (row) => row.name },
  { header: "=Amount", cell: (row) => row.amount },
];
async function* people() {
  yield { name: "Zoé", amount: 12.5 };
  yield { name: "=HYPERLINK()", amount: -3 };
}
const noError = (error: unknown) => {
  throw error;
};

test("a CSV: byte-order mark, `;`, numbers as the language writes them, every text cell neutralized", async () => {
  const file = writeSpreadsheet({
    format: "csv",
    name: "people-gala",
    language: "fr",
    columns,
    rows: people(),
    onError: noError,
  });
  expect(file.fileName).toBe("people-gala.csv");
  expect((await buffer(file.stream)).toString("utf8")).toBe("\ufeffName;'=Amount\nZoé;12,5\n'=HYPERLINK();-3\n");
});

test("an XLSX: the sheet named as asked, numbers kept as numbers, text cells neutralized", async () => {
  const file = writeSpreadsheet({
    format: "xlsx",
    name: "people-gala",
    sheetName: "People",
    language: "en",
    columns,
    rows: people(),
    onError: noError,
  });
  expect(file.fileName).toBe("people-gala.xlsx");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await buffer(file.stream)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("the workbook has no sheet");
  expect(sheet.name).toBe("People");
  const values = (index: number) => (sheet.getRow(index).values as unknown[]).slice(1);
  expect([values(1), values(2), values(3)]).toEqual([
    ["Name", "'=Amount"],
    ["Zoé", 12.5],
    ["'=HYPERLINK()", -3],
  ]);
});

test("export rows: the first page is read before the rows are taken, then page after page from the last row", async () => {
  const reads: (number | undefined)[] = [];
  const readPage = async (last: number | undefined) => {
    reads.push(last);
    const start = (last ?? 0) + 1;
    return [start, start + 1, start + 2].filter((value) => value <= 7);
  };
  const rows = await exportRows(3, readPage);
  expect(reads).toEqual([undefined]);
  const all: number[] = [];
  for await (const row of rows) all.push(row);
  expect(all).toEqual([1, 2, 3, 4, 5, 6, 7]);
  // The short third page ends it: no fourth read.
  expect(reads).toEqual([undefined, 3, 6]);
});

test("export rows: a full last page costs one more read, which finds nothing", async () => {
  const reads: (number | undefined)[] = [];
  const rows = await exportRows(2, async (last: number | undefined) => {
    reads.push(last);
    return last === undefined ? [1, 2] : [];
  });
  const all: number[] = [];
  for await (const row of rows) all.push(row);
  expect(all).toEqual([1, 2]);
  expect(reads).toEqual([undefined, 2]);
});

test("the answer: content type, a file name safe in the header, never cached", async () => {
  const app = Fastify();
  app.get("/", (_request, reply) =>
    sendSpreadsheet(
      reply,
      writeSpreadsheet({
        format: "csv",
        name: 'gala "été"',
        language: "en",
        columns,
        rows: people(),
        onError: noError,
      }),
    ),
  );
  const response = await app.inject({ method: "GET", url: "/" });
  await app.close();
  expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(response.headers["content-disposition"]).toBe('attachment; filename="gala __t__.csv"');
  expect(response.headers["cache-control"]).toBe("no-store");
  expect(response.body).toContain("Zoé;12.5");
});
