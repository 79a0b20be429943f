/**
 * @generated SignedSource<<fe42c6b9c74495fef6e6698c6ea5608e>>
 * @relayHash 9ffd11136132b56bf665724a66c87b05
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID c9591d4a6da6827a6042c91d92e5d1e6819dcdd696ded7246a87f1a377e96a74

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { ArticleIndexPageQuery } from './ArticleIndexPageQuery.graphql';

const node: PreloadableConcreteRequest<ArticleIndexPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "c9591d4a6da6827a6042c91d92e5d1e6819dcdd696ded7246a87f1a377e96a74",
    "metadata": {},
    "name": "ArticleIndexPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
