'use strict';
const { secret } = require('../lib/folio');

module.exports = ({ env }) => ({
  graphql: {
    enabled: true,
    config: {
      endpoint: '/graphql',
      shadowCRUD: true,
      // No landing page or playground in production; introspection only when asked for.
      landingPage: env('NODE_ENV') !== 'production',
      // Depth counts from 0 at the root field: Folio's deepest selections, pages → blocks →
      // articles → authors → avatar → url and articles → body → article → authors → avatar → url,
      // are 5 deep. 8 leaves room for a little more and refuses runaway nesting.
      depthLimit: env.int('STRAPI_GRAPHQL_DEPTH_LIMIT', 8),
      defaultLimit: 12,
      maxLimit: 100,
      apolloServer: {
        introspection: env.bool('STRAPI_GRAPHQL_INTROSPECTION', env('NODE_ENV') !== 'production'),
      },
    },
  },
  upload: {
    // Folio's assets are images.
    config: { security: { allowedTypes: ['image/*'] } },
  },
  'users-permissions': {
    config: { jwtSecret: secret(env, 'JWT_SECRET', 'jwtSecret') },
  },
});
