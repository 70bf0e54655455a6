import { expect, test } from "vitest";
import { spreadsheetCell } from "./spreadsheet.js";

test("a text cell a spreadsheet would read as a formula gets a leading quote; other cells and numbers are kept", () => {
  for (const formula of ["=1+1", "+cmd", "-1+2", "@SUM(1)", "\t=1+1", "\r=1+1"]) {
    expect(spreadsheetCell(formula)).toBe(`'${formula}`);
  }
  for (const plain of ["Ada", "", "1-2", "a=b", "'quoted", " =1"]) expect(spreadsheetCell(plain)).toBe(plain);
  expect(spreadsheetCell(-12.5)).toBe(-12.5);
});
