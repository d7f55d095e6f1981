/**
 * An ECB daily reference rates file, shaped exactly as https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml
 * is (namespaced envelope, single-quoted attributes, tabs), with the 30 currencies the ECB quotes and
 * rates of a real day (22 Nov 2024), dated as asked. Used by the parser's unit tests and by the API
 * tests' local stand-in for the ECB.
 */
export const ECB_SAMPLE_RATES: Readonly<Record<string, string>> = {
  USD: '1.0412',
  JPY: '161.11',
  BGN: '1.9558',
  CZK: '25.296',
  DKK: '7.4586',
  GBP: '0.8318',
  HUF: '411.55',
  PLN: '4.3473',
  RON: '4.9765',
  SEK: '11.5205',
  CHF: '0.9275',
  ISK: '145.90',
  NOK: '11.5850',
  TRY: '36.0375',
  AUD: '1.6012',
  BRL: '6.0587',
  CAD: '1.4551',
  CNY: '7.5440',
  HKD: '8.1032',
  IDR: '16555.93',
  ILS: '3.8569',
  INR: '87.9460',
  KRW: '1462.43',
  MXN: '21.3115',
  MYR: '4.6543',
  NZD: '1.7822',
  PHP: '61.359',
  SGD: '1.4017',
  THB: '36.051',
  ZAR: '18.8724',
};

/** The file for `date`, with `rates` (per EUR, as text) in place of the sample's. */
export function ecbDailyXml(date: string, rates: Readonly<Record<string, string>> = ECB_SAMPLE_RATES): string {
  const cubes = Object.entries(rates)
    .map(([code, rate]) => `\t\t\t<Cube currency='${code}' rate='${rate}'/>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time='${date}'>
${cubes}
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>
`;
}
