/**
 * @generated SignedSource<<909830b0bf2f1a92dc0d51c761665981>>
 * @relayHash d72a79c78ffd0b3262304ba789125f7d
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID b5f38a61f32eb81fc15a45d10f0cac3148cc5e11e4a5f78528466ae4d284e08e

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { ArticleIndexPageQuery } from './ArticleIndexPageQuery.graphql';

const node: PreloadableConcreteRequest<ArticleIndexPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "b5f38a61f32eb81fc15a45d10f0cac3148cc5e11e4a5f78528466ae4d284e08e",
    "metadata": {},
    "name": "ArticleIndexPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
