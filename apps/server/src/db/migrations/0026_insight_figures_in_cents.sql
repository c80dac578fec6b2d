-- An insight's figures are kept in cents, as every other amount is (they were kept in dollars, as the API
-- writes them). Each stored figure's amount is multiplied by 100, rounded to the cent.
UPDATE "ai_insights"
   SET "figures" = (
     SELECT coalesce(
              jsonb_agg(f || jsonb_build_object('amount', round((f ->> 'amount')::numeric * 100)::bigint)
                        ORDER BY n),
              '[]'::jsonb)
       FROM jsonb_array_elements("figures") WITH ORDINALITY AS e(f, n)
   )
 WHERE jsonb_typeof("figures") = 'array';
