// The seed's server example (shared/seeds/001, "defineTool(options)"), verbatim, as strict
// TypeScript against the BUILT package: compiled by test/seed-server.test.ts with
// test/seed-server/tsconfig.json, then run; it prints the tool it built.
import { defineTool } from 'rcp-sdk/server';
import { z } from 'zod';
const getWeather = defineTool({
name: 'get_weather',
description: 'Get current weather information for a city.',
method: 'GET',
args: z.object({
city: z.string().describe('City name, e.g. "Paris"'),
}),
url: 'https://internal.example.com/weather',
queryParams: { city: (t) => t.arg('city') },
responseMappings: { temperatureC: '@temperatureC', conditions: '@conditions' },
});

process.stdout.write(`${JSON.stringify(getWeather)}\n`)
