-- The words that name a product (weights A and B of its search document: title, brand, model, its
-- category, Kazakh title) get a GIN index of their own. Search looks for products naming every word
-- of the query here first: a weighted tsquery on the whole document makes PostgreSQL re-read every
-- product whose description has the word to check its weight (server/modules/search/repo.ts).
CREATE INDEX "search_documents_naming_idx" ON "search_documents" USING gin (ts_filter("document", '{a,b}'::"char"[]));
