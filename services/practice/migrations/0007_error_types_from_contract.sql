-- The eight error types are a contract constant (libs/contracts errorTypeCatalogue): the web scores
-- with it and the service serves and scores with it. A second copy seeded here could only drift.
DROP TABLE error_types;
