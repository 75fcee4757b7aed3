# The site's frame: header, footer, the language switch, shared words.
language-name = العربية
site-name = آربيتر
site-account = حسابك
site-footer = آربيتر · قوانين الشطرنج للفيدي · كسر التعادل وفق دليل الفيدي C.07
site-language = اللغة
digits-latin = أرقام لاتينية
digits-local = أرقام عربية
date-range = { $start } إلى { $end }
list-separator = ،{" "}
list-semicolon = ؛{" "}
