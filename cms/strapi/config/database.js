'use strict';
const path = require('node:path');
const { dataFile } = require('../lib/folio');

/** SQLite in `<repo>/.data/strapi/data.db`, or PostgreSQL when STRAPI_DATABASE_URL is set. */
module.exports = ({ env }) => {
  const url = env('STRAPI_DATABASE_URL');
  if (url) {
    return {
      connection: {
        client: 'postgres',
        connection: { connectionString: url, schema: env('STRAPI_DATABASE_SCHEMA', 'public') },
        pool: { min: 0, max: env.int('STRAPI_DATABASE_POOL_MAX', 5) },
        acquireConnectionTimeout: 60000,
      },
    };
  }
  return {
    connection: {
      client: 'sqlite',
      connection: { filename: path.resolve(env('STRAPI_SQLITE_FILE', dataFile('data.db'))) },
      useNullAsDefault: true,
    },
  };
};
