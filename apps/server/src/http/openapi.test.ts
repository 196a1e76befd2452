/**
 * The OpenAPI document: generated from the route table, valid by an independent parser, and listing
 * every route of the router; its interactive reference is for admins only in production.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, splitRouteKey, type ApiRouteName } from '@gigreel/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { routesOf } from '../../test/routes.ts';
import { vapidEnv } from '../../test/vapid.ts';

type Document = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        summary?: string;
        parameters?: unknown[];
        requestBody?: { content: Record<string, unknown> };
        responses: Record<string, unknown>;
      }
    >
  >;
};

let t: TestApp;
let document: Document;
beforeAll(async () => {
  t = await createTestApp();
  const response = await t.client().get('/api/openapi.json');
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(() => t.close());

/** "/api/offers/:id" as OpenAPI writes it: "/api/offers/{id}". */
const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document by an independent parser', async () => {
    expect(document.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('lists every /api route of the router, each with its summary, inputs, answer and error shape', () => {
    const registered = routesOf(t.app)
      .filter((route) => route.path.startsWith('/api/') && !route.path.startsWith('/api/docs'))
      .flatMap((route) => route.methods.map((method) => `${method} ${route.path}`));
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(
      [...new Set(registered)].map((key) => key.replace(/:([A-Za-z]+)/g, '{$1}')).sort(),
    );
    for (const key of Object.keys(apiRoutes) as ApiRouteName[]) {
      const { method, path } = splitRouteKey(key);
      const operation = document.paths[openApiPath(path)]?.[method.toLowerCase()];
      expect(operation?.summary, key).toBe(apiRoutes[key].summary);
      expect(Object.keys(operation?.responses ?? {}), key).toEqual(expect.arrayContaining(['4XX']));
      const spec = apiRoutes[key] as { params?: unknown; query?: unknown; body?: unknown; form?: unknown };
      if (spec.params || spec.query) expect(operation?.parameters?.length, key).toBeGreaterThan(0);
      if (spec.body) expect(Object.keys(operation?.requestBody?.content ?? {}), key).toContain('application/json');
      if (spec.form) expect(Object.keys(operation?.requestBody?.content ?? {}), key).toContain('multipart/form-data');
    }
  });

  it('documents a form upload with its text fields and its file part', () => {
    const body = document.paths['/api/offers/mine']?.put?.requestBody?.content['multipart/form-data'] as {
      schema: { properties: Record<string, { format?: string }> };
    };
    expect(body.schema.properties.title).toBeTruthy();
    expect(body.schema.properties.media).toEqual({ type: 'string', format: 'binary' });
  });
});

describe('the interactive reference at /api/docs', () => {
  it('opens for anyone outside production', async () => {
    const page = await t.client().get('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });

  it('in production, opens for admins only', async () => {
    const production = await createTestApp({
      NODE_ENV: 'production',
      AUTH_SECRET: 'a'.repeat(40),
      PUBLIC_URL: 'http://localhost:3000',
      ...vapidEnv(),
    });
    try {
      const admin = await production.signedIn({ name: 'Docs Admin', admin: true });
      const person = await production.signedIn({ name: 'Docs Reader' });
      expect((await production.client().get('/api/docs/')).statusCode).toBe(401);
      expect((await person.get('/api/docs/')).statusCode).toBe(403);
      expect((await admin.get('/api/docs/')).statusCode).toBe(200);
      expect((await production.client().get('/api/openapi.json')).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});
