-- The older FIDE edition's profile is called by what it is: 'fide-seed'
-- becomes 'fide-classic' (the API still takes the former name).
UPDATE tournaments SET regulations = 'fide-classic' WHERE regulations = 'fide-seed';
UPDATE games SET regulations = 'fide-classic' WHERE regulations = 'fide-seed';
