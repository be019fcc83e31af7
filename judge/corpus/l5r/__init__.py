"""The Legend of the Five Rings documents: the LCG Rules Reference (lcg.py, its topic table
lcg_topics.py), the CCG Diamond Edition rulebook (ccg.py) and the CCG comprehensive rules excerpt
(ce.py), over the text helpers they share (text.py)."""
