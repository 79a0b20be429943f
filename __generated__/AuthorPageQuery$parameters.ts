/**
 * @generated SignedSource<<707973795921c6404a80b3d7ae80d1cd>>
 * @relayHash 3b43e3fd4c4a43245069f959f33828c4
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID cbc9e79d70f2e4dbf12b58ca7fbcbd415f85fdcb0138d3cade93eddffa99300c

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { AuthorPageQuery } from './AuthorPageQuery.graphql';

const node: PreloadableConcreteRequest<AuthorPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "cbc9e79d70f2e4dbf12b58ca7fbcbd415f85fdcb0138d3cade93eddffa99300c",
    "metadata": {},
    "name": "AuthorPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
